import BijouxKit
import Testing

@Suite("SpokenLabel: what VoiceOver says")
struct SpokenLabelTests {
    @Test func wordsComeFromWhicheverFieldHoldsThem() {
        // A composed charm: its words are in the name.
        #expect(SpokenLabel.words(name: "for Ana", note: "", displayName: "Heart") == "for Ana")
        // A starter charm: an empty name, its words in the note.
        #expect(SpokenLabel.words(name: "", note: "you have my whole heart", displayName: "Heart") == "you have my whole heart")
        // Both, and the same: said once.
        #expect(SpokenLabel.words(name: "hi", note: "hi", displayName: "Star") == "hi")
        // Both, and different: both, name first.
        #expect(SpokenLabel.words(name: "for Ana", note: "coffee soon?", displayName: "Coffee Cup") == "for Ana, coffee soon?")
        // Neither: the charm's type.
        #expect(SpokenLabel.words(name: "", note: "", displayName: "Four-Leaf Clover") == "Four-Leaf Clover")
    }

    @Test func theArtDecidesTheKind() {
        #expect(SpokenLabel.kind(displayName: "Heart", isHandDrawn: false) == "heart bijou")
        #expect(SpokenLabel.kind(displayName: "Coffee Cup", isHandDrawn: false) == "coffee cup bijou")
        // A hand-drawn chihuahua keeps a stock type underneath; it is not a "heart".
        #expect(SpokenLabel.kind(displayName: "Heart", isHandDrawn: true) == "hand-drawn bijou")
    }
}
