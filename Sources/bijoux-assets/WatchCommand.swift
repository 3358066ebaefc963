import BijouxAssets
import BijouxCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let serveOption = Option.integer(
    "--serve", "PORT", in: 0...65535, default: PreviewServer.defaultPort, valueIsOptional: true,
    help: "Also serve the contact sheet on http://127.0.0.1:PORT/ (this machine only; 0 picks a free port); it reloads after each rebuild"
        + " (default: \(PreviewServer.defaultPort))")

let watchCommand = CommandSpec(
    name: "watch",
    abstract: "Build, then rebuild whenever the art folder changes, until Ctrl-C.",
    options: [artOption, outOption, serveOption, jobsOption],
    discussion: """
        Looks at the art folder's files (sizes and modification times) every tenth of
        a second; a change that has stayed still for a moment is built, and one line
        says what changed and what was rebuilt. A bad edit prints its error and keeps
        the last good outputs; a file still being written waits for the next change.
        With --serve, the contact sheet (Preview/index.html) is served to this machine
        only, and an open page reloads itself after each rebuild, keeping its place.
        Ctrl-C stops it (exit status 0).

        EXAMPLE: bijoux-assets watch --serve
        """,
    run: { arguments in
        let options = arguments.buildOptions()
        let stop = StopFlag()
        stop.setOnInterrupt()
        var server: PreviewServer?
        if arguments.given(serveOption) {
            server = try PreviewServer(root: options.outputFolder, port: arguments[serveOption])
            server?.start()
        }
        say("watching \(options.artFolder)/ (Ctrl-C stops); contact sheet: \(server?.url ?? options.outputFolder + "/" + ContactSheetPage.path)")
        ArtWatcher(options: options).run(until: stop) { event in
            switch event {
            case .built(_, let report, _, _):
                for warning in report.warnings { printError(warning.diagnostic.line(.warning)) }
                if !report.files.written.isEmpty || !report.files.removed.isEmpty { server?.bumpStamp() }
            case .failed(_, let error):
                for diagnostic in error.diagnostics { printError(diagnostic.line(.error)) }
            }
            say(event.line)
        }
        server?.stop()
        say("stopped")
        return 0
    })

/// A line on stdout, flushed at once: someone (or a test) is reading as it runs.
func say(_ line: String) {
    print(line)
    fflush(nil)
}
