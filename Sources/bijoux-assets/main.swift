#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

exit(CommandLineTool.main(Array(CommandLine.arguments.dropFirst())))
