import BijouxCore
import BijouxHelperKit

/// The icon renderer's whole run: `bijoux-render`, whose protocol is `RenderRequest` in
/// BijouxHelperKit (`RenderRequest` in, `RenderReply` out).
package enum RenderHelper {
    /// `arguments` are its command line after its name. Returns its exit status.
    package static func main(_ arguments: [String]) -> Int32 {
        if arguments == ["--help"] || arguments == ["-h"] {
            try? HelperIO.writeAll(1, Array(usage.utf8))
            return 0
        }
        let memoryMiB: Int
        do { memoryMiB = try RenderRequest.memoryMiB(serving: arguments) } catch {
            HelperIO.say("error: \(error.message). See 'bijoux-render --help'.")
            return 2
        }
        do throws(HelperError) {
            // First, before anything is drawn: past this the system refuses the memory.
            let bytes = UInt64(memoryMiB) << 20
            try ResourceLimit.addressSpace.set(soft: bytes, hard: bytes)
            try serve(HelperInput(fd: 0))
            return 0
        } catch {
            HelperIO.say(error.message)
            return 1
        }
    }

    /// Answers the requests on `input` until it ends between two, each drawn under its
    /// own CPU limit; a request it cannot read, a limit it cannot set or an answer it
    /// cannot write ends it.
    static func serve(_ input: HelperInput) throws(HelperError) {
        var input = input
        while let (request, svg) = try RenderRequest.next(from: &input) {
            try ResourceLimit.allowCPU(request.cpuSeconds)
            let started = ResourceLimit.cpuSecondsUsed()
            let reply: RenderReply
            do {
                reply = .drawn(try render(svg, request).drawing, cpuSeconds: ResourceLimit.cpuSecondsUsed() - started)
            } catch {
                reply = .failed(error.message)
            }
            try HelperIO.writeAll(1, reply.bytes)
        }
    }

    /// What the helper draws for `request`: the same in process, for tests.
    static func render(_ svg: [UInt8], _ request: RenderRequest, file: String = "-") throws(ArtFileError) -> RenderedSVG {
        let document = try SVGDocument(bytes: svg, file: file, ink: RGBA(request.ink), maxSide: request.maxSide)
        let (width, height) =
            switch request.size {
            case .pixels(let width, let height): (width, height)
            case .density(let density): (document.pointWidth * density, document.pointHeight * density)
            }
        return RenderedSVG(
            pointWidth: document.pointWidth, pointHeight: document.pointHeight, image: try document.render(width: width, height: height))
    }

    static let usage = """
        OVERVIEW: The icon renderer bijoux-assets runs for its icons and its app icon's layers (librsvg and cairo).

        """ + RenderRequest.usage
}
