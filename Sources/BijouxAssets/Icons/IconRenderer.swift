import BijouxCore
import BijouxHelperKit

/// The helper executable `bijoux-render`, which draws SVGs (`RenderHelper` in the
/// BijouxRender target). It alone links librsvg and its GLib stack, so the tool's own
/// start loads none of it; and it runs in a process of its own so the tool can kill it
/// (`RenderSession`). A build keeps one alive per thread that draws (`Renderers`), so a
/// drawing does not pay a process's start; a killed one is replaced by a new one.
///
/// Its protocol, `bijoux-render --serve MEMORY_MIB` answering one `RenderRequest` after
/// another with a `RenderReply`, is written and read by those types in BijouxHelperKit,
/// and described there.
///
/// The helper is found as `HelperExecutable` says: `$BIJOUX_RENDER`, else beside the
/// running executable.
enum IconRenderer {
    static let helperName = "bijoux-render"
    static let helperVariable = "BIJOUX_RENDER"

    /// The helper as the tool runs it, and the librsvg and cairo it draws with, whose
    /// library files are in its identity (`HelperExecutable`).
    static let executable = HelperExecutable(
        role: "the icon renderer", name: helperName, variable: helperVariable, libraryPrefixes: ["librsvg", "libcairo"])

    /// Where the helper is looked for.
    static var helper: String { executable.path }
    static var missing: String { executable.missing }
}

extension RenderRequest.Ink {
    /// `colour`'s red, green and blue, which is what travels (the ink is opaque).
    init(_ colour: RGBA) { self.init(red: colour.r, green: colour.g, blue: colour.b) }
}
