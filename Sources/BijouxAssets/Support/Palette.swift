/// The app's three inks (SPEC: palette). Near-black paper, not #000, so the surface
/// reads as paper rather than an OLED void; camel, reserved for the thread (gold means
/// "worn"); a light ink for text and icons. Every preview is drawn on this paper and
/// every icon in this light ink; the app icon's own inks are set per variant in
/// art/appicon.json, whose default variant uses this paper and this camel (a test
/// holds them together).
public enum Palette {
    public static let paper = RGBA(0x17, 0x15, 0x13, 255)
    public static let camel = RGBA(0xC9, 0xA1, 0x6B, 255)
    public static let lightInk = RGBA(0xF3, 0xEC, 0xDF, 255)
}
