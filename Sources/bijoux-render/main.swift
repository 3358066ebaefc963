import BijouxRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// bijoux-render: draws SVGs with librsvg and cairo, in a process of its own, so the
/// tool never loads librsvg itself and can kill a drawing that runs past its limit
/// (librsvg cannot be stopped from inside) and have its memory back. It sets its own
/// CPU-time and address-space limits first (a limit it cannot set ends it, saying so);
/// `RenderRequest` in BijouxHelperKit has the protocol, `RenderHelper` in BijouxRender
/// the code.
exit(RenderHelper.main(Array(CommandLine.arguments.dropFirst())))
