import Foundation

@testable import BijouxTestKit

/// Drawings the icon tests and the engine's share.
enum IconFixtures {
    /// An icon that passes every SVG check and takes librsvg seconds to draw (minutes
    /// with `passes` at 8): `passes` 8-octave turbulences over a 512 pt square.
    static func slowSVG(passes: Int = 1, width: Int = 512, height: Int = 512) -> String {
        let turbulences = (0..<passes).map { #"<feTurbulence baseFrequency="0.02" numOctaves="8" seed="\#($0)"/>"# }.joined()
        return
            #"""
            <svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(height)"><filter id="f" x="0" y="0" width="1" \#
            height="1">\#(turbulences)</filter><rect width="\#(width)" height="\#(height)" filter="url(#f)"/></svg>
            """#
    }

    static let names = ["give", "pass-on", "photo-slot", "receive", "wear"]

    /// An art folder holding a copy of the project's icons.
    static func makeArt(_ folder: TemporaryFolder) {
        for name in names {
            folder.write("art/icons/\(name).svg", FileManager.default.contents(atPath: TestPaths.art + "/icons/\(name).svg").map { Array($0) }!)
        }
    }
}
