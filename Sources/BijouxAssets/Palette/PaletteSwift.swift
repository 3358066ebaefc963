import BijouxCore
import BijouxShared

extension Palette.Color {
    /// The colour as Swift that makes it: `PaletteColor(rgb: 0x171513, colorSetName: "Paper")`
    /// for an opaque sRGB colour with one appearance, else each appearance on a line.
    var swiftLiteral: String {
        let color = paletteColor
        let name = SwiftIdentifier.stringLiteral(color.colorSetName)
        func components(_ value: PaletteColor.Components) -> String {
            let alpha = value.alpha == 1 ? "" : ", alpha: \(Format.number(value.alpha))"
            switch value.colorSpace {
            case .sRGB: return ".sRGB(0x\(value.css.dropFirst().prefix(6))\(alpha))"
            case .displayP3: return ".displayP3(\([value.red, value.green, value.blue].map(Format.number).joined(separator: ", "))\(alpha))"
            }
        }
        if color.appearances.count == 1, color.any.colorSpace == .sRGB, color.alpha == 1 {
            return "PaletteColor(rgb: 0x\(color.hex.dropFirst()), colorSetName: \(name))"
        }
        let arguments = ["colorSetName: \(name)"] + color.appearances.map { "\($0.name): \(components($0.components))" }
        return "PaletteColor(\n" + arguments.map { "        " + $0 }.joined(separator: ",\n") + ")"
    }
}
