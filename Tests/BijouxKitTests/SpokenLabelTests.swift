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

@Suite("SpokenWords: the spoken phrases in other languages")
struct SpokenWordsTests {
    @Test func theEnglishWordsAreTheDefault() {
        #expect(SpokenLabel.kind(displayName: "Heart", isHandDrawn: false, in: .english) == "heart bijou")
        #expect(SpokenWords.phrases.map(\.key) == [SpokenWords.handDrawnKey, SpokenWords.typeKindKey])
        #expect(SpokenWords.phrases.map(\.english) == ["hand-drawn bijou", "%@ bijou"])
        #expect(SpokenWords.phrases.allSatisfy { !$0.comment.isEmpty && !$0.key.hasPrefix(CharmStrings.charmKeyPrefix) })
    }

    @Test func aTranslationPlacesTheNameWhereItsFormatSays() {
        let french = SpokenWords(handDrawn: "bijou dessiné à la main", typeKind: "bijou %@")
        #expect(SpokenLabel.kind(displayName: "Chat", isHandDrawn: false, in: french) == "bijou chat")
        #expect(SpokenLabel.kind(displayName: "Chat", isHandDrawn: true, in: french) == "bijou dessiné à la main")
        #expect(SpokenWords(handDrawn: "", typeKind: "%1$@ (100 %%)").typeKind(named: "x") == "x (100 %)")
        // A stray percent sign stays what it is.
        #expect(SpokenWords(handDrawn: "", typeKind: "%d %@ %").typeKind(named: "x") == "%d x %")
    }

    @Test func lookupAsksForEachKeyWithItsEnglish() {
        var asked: [String: String] = [:]
        let words = SpokenWords { key, english in
            asked[key] = english
            return "<\(english)>"
        }
        #expect(asked == [SpokenWords.handDrawnKey: "hand-drawn bijou", SpokenWords.typeKindKey: "%@ bijou"])
        #expect(words == SpokenWords(handDrawn: "<hand-drawn bijou>", typeKind: "<%@ bijou>"))
    }
}
