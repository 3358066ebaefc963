/// What VoiceOver says for a charm (SPEC, "What VoiceOver says"), on the model rather
/// than in each view, so every surface that gains a label reads the same answer.
public enum SpokenLabel {
    /// A charm's words: composed charms carry them in `name`, the starter charms in
    /// `note` with an empty name. Both, joined, when both exist and differ; else
    /// whichever exists; else the charm type's display name.
    public static func words(name: String, note: String, displayName: String) -> String {
        if !name.isEmpty && !note.isEmpty && name != note { return "\(name), \(note)" }
        return name.isEmpty ? (note.isEmpty ? displayName : note) : name
    }

    /// What the charm is: the art decides, not the stock type a hand-drawn charm keeps
    /// underneath it.
    public static func kind(displayName: String, isHandDrawn: Bool) -> String {
        isHandDrawn ? "hand-drawn bijou" : "\(displayName.lowercased()) bijou"
    }
}
