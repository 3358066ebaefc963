import BijouxAssets

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// bijoux-render: draws one icon with librsvg and cairo, in a process of its own, so the
/// tool can kill a drawing that runs past its limit (librsvg cannot be stopped from
/// inside) and have its memory back. It sets its own CPU-time and address-space limits
/// first; `IconRenderer` in the library has the protocol and the code.
exit(IconRenderer.helperMain(Array(CommandLine.arguments.dropFirst())))
