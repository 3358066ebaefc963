/// The one way generated Swift names the bundle its target was built into, which holds
/// the catalog and the sounds: SwiftPM's `Bundle.module` when SwiftPM builds the target
/// (the plugin's outputs and the in-tree route's resources are the target's resources),
/// else the bundle of the generated code itself (an app's main bundle, or its
/// framework's). Each generated file that needs it declares its own private copy, so
/// each compiles without the others.
enum GeneratedBundle {
    /// A private computed `name` and the private class `token` it looks the bundle up by,
    /// each line indented by `indent`.
    static func declaration(name: String, token: String, indent: String = "") -> String {
        let text = """
            /// The bundle this target was built into: its resource bundle when SwiftPM builds it,
            /// else the bundle of this code (an app's main bundle, or its framework's).
            private var \(name): Bundle {
                #if SWIFT_PACKAGE
                    return .module
                #else
                    return Bundle(for: \(token).self)
                #endif
            }

            private final class \(token) {}

            """
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n")
    }
}
