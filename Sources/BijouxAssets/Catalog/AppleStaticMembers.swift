/// The static members Apple's frameworks give the types Xcode's asset symbols extend. A set
/// whose asset-symbol name is one of them gets no member on that type: Xcode leaves it out and
/// warns that the asset "resolves to a conflicting … symbol" (NikitaKosolapov/SwiftUITestProject1
/// at aa6fa2ea: colour `primary` has `ColorResource.primary`, `UIColor.primary` and
/// `NSColor.primary`, no `Color.primary`), and so does `CatalogSymbols.swift`. Each list is
/// transcribed from the type properties on the Apple documentation page named above it.
enum AppleStaticMembers {
    /// A type the members go on: its name as the generated Swift writes it, the framework
    /// that has it, and that framework's members of it.
    struct Extended: Sendable {
        var type: String
        var framework: String
        var members: Set<String>
    }

    /// https://developer.apple.com/documentation/swiftui/color ("Getting standard colors"). SwiftUI
    /// declares the same colours on `ShapeStyle where Self == Color`, which Xcode's file leaves
    /// them out of likewise.
    static let color = Extended(
        type: "Color", framework: "SwiftUI",
        members: [
            "accentColor", "black", "blue", "brown", "clear", "cyan", "gray", "green", "indigo", "mint", "orange", "pink", "primary",
            "purple", "red", "secondary", "teal", "white", "yellow",
        ])

    /// https://developer.apple.com/documentation/uikit/standard-colors and
    /// https://developer.apple.com/documentation/uikit/ui-element-colors
    static let uiColor = Extended(
        type: "UIColor", framework: "UIKit",
        members: fixedColors.union(systemColors).union([
            "systemGray2", "systemGray3", "systemGray4", "systemGray5", "systemGray6", "label", "secondaryLabel", "tertiaryLabel",
            "quaternaryLabel", "systemFill", "secondarySystemFill", "tertiarySystemFill", "quaternarySystemFill", "placeholderText", "tintColor",
            "systemBackground", "secondarySystemBackground", "tertiarySystemBackground", "systemGroupedBackground",
            "secondarySystemGroupedBackground", "tertiarySystemGroupedBackground", "separator", "opaqueSeparator", "link", "darkText",
            "lightText", "groupTableViewBackground", "viewFlipsideBackground", "scrollViewTexturedBackground", "underPageBackground",
        ]))

    /// https://developer.apple.com/documentation/appkit/standard-colors and
    /// https://developer.apple.com/documentation/appkit/ui-element-colors
    static let nsColor = Extended(
        type: "NSColor", framework: "AppKit",
        members: fixedColors.union(systemColors).union([
            "labelColor", "secondaryLabelColor", "tertiaryLabelColor", "quaternaryLabelColor", "quinaryLabel", "linkColor",
            "placeholderTextColor", "windowFrameTextColor", "selectedMenuItemTextColor", "alternateSelectedControlTextColor",
            "headerTextColor", "separatorColor", "gridColor", "windowBackgroundColor", "underPageBackgroundColor",
            "controlBackgroundColor", "selectedContentBackgroundColor", "unemphasizedSelectedContentBackgroundColor",
            "alternatingContentBackgroundColors", "findHighlightColor", "textColor", "textBackgroundColor", "textInsertionPointColor",
            "selectedTextColor", "selectedTextBackgroundColor", "unemphasizedSelectedTextBackgroundColor", "unemphasizedSelectedTextColor",
            "controlColor", "controlTextColor", "selectedControlColor", "selectedControlTextColor", "disabledControlTextColor",
            "keyboardFocusIndicatorColor", "scrubberTexturedBackground", "controlAccentColor", "highlightColor", "shadowColor",
            "systemFill", "secondarySystemFill", "tertiarySystemFill", "quaternarySystemFill", "quinarySystemFill",
        ]))

    /// https://developer.apple.com/documentation/uikit/uiimage ("Getting system images")
    static let uiImage = Extended(type: "UIImage", framework: "UIKit", members: ["actions", "add", "checkmark", "remove", "strokedCheckmark"])

    /// https://developer.apple.com/documentation/appkit/nsimage ("Determining supported types")
    static let nsImage = Extended(type: "NSImage", framework: "AppKit", members: ["imageTypes", "imageUnfilteredTypes"])

    /// The fixed colours UIKit and AppKit share (their "Standard colors" pages).
    private static let fixedColors: Set<String> = [
        "black", "blue", "brown", "clear", "cyan", "darkGray", "gray", "green", "lightGray", "magenta", "orange", "purple", "red", "white",
        "yellow",
    ]

    /// The adaptable system colours UIKit and AppKit share (their "Standard colors" pages).
    private static let systemColors: Set<String> = [
        "systemBlue", "systemBrown", "systemCyan", "systemGray", "systemGreen", "systemIndigo", "systemMint", "systemOrange", "systemPink",
        "systemPurple", "systemRed", "systemTeal", "systemYellow",
    ]
}
