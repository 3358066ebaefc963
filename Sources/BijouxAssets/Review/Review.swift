/// What `check` found, for people and CI: every output that differs from the baseline,
/// judged by the tolerance table, grouped by the art file it comes from. The terminal
/// lines, the HTML page, JUnit and the Markdown summary are all written from this one
/// value.
package struct Review: Sendable {
    /// How one output stands against the baseline.
    package enum Status: String, Sendable {
        /// Changed beyond its tolerance: `check` fails.
        case changed
        /// Changed within its tolerance (an anti-aliased edge moved): `check` passes.
        case withinTolerance = "within tolerance"
        /// Made now, not in the baseline.
        case added
        /// In the baseline (in a folder a stage owns), made no more; or anything there
        /// that is not a plain file or folder.
        case removed
        /// The contact sheet's page changed (`isCounted`): shown, but it never fails
        /// `check`: it is for people, drawn from outputs that are judged themselves.
        case notCounted = "not counted"

        /// Whether a change of the output `path` counts for the verdict: all but the
        /// contact sheet's page.
        static func isCounted(_ path: String) -> Bool { path != ContactSheetPage.path }

        /// Whether a change of this status fails `check`.
        var fails: Bool { self != .withinTolerance && self != .notCounted }
    }

    /// One output that is not byte for byte the baseline's.
    package struct Change: Sendable {
        /// Relative to the output folder.
        package var path: String
        package var status: Status
        /// The figures, for `changed` and `withinTolerance`; nil for added and removed.
        package var finding: Finding?
        /// The baseline's bytes (nil when added) and this build's (nil when removed).
        package var before: [UInt8]?
        package var after: [UInt8]?

        package init(path: String, status: Status, finding: Finding? = nil, before: [UInt8]? = nil, after: [UInt8]? = nil) {
            (self.path, self.status, self.finding, self.before, self.after) = (path, status, finding, before, after)
        }

        /// What changed, in one line.
        package var summary: String {
            switch status {
            case .added: "added"
            case .removed: finding?.summary ?? "removed"
            case .changed, .withinTolerance, .notCounted: finding?.summary ?? status.rawValue
            }
        }
    }

    /// The changes that follow from one art file.
    package struct Group: Sendable {
        /// The art file as messages name it ("art/icons/give.svg"); the art folder itself
        /// for outputs made from all of it (the contact sheet page) or from no one file.
        var source: String
        /// Where in `source` the change starts, when known: the first line that differs
        /// from the baseline's art (a revision's), else nil.
        var line: Int?
        var changes: [Change]

        package init(source: String, line: Int? = nil, changes: [Change]) {
            self.source = source
            self.line = line
            self.changes = changes
        }

        /// Some output changed beyond its tolerance, or was added or removed.
        var fails: Bool { changes.contains { $0.status.fails } }
        /// Some change counts for the verdict (not only the contact sheet's page).
        var counts: Bool { changes.contains { $0.status != .notCounted } }
    }

    /// What the outputs were compared with, as people read it ("build/", "HEAD~1").
    var baseline: String
    /// In the order of the art files' first outputs in a build.
    var groups: [Group]
    /// The command that accepts the changes (a build into the output folder).
    var acceptCommand: String

    package init(baseline: String, groups: [Group], acceptCommand: String) {
        self.baseline = baseline
        self.groups = groups
        self.acceptCommand = acceptCommand
    }

    package var changes: [Change] { groups.flatMap(\.changes) }
    /// Nothing beyond tolerance: `check` exits 0.
    package var passes: Bool { !groups.contains { $0.fails } }
    /// Nothing differs at all.
    var isEmpty: Bool { groups.isEmpty }

    /// Counts for summary lines.
    func count(_ status: Status) -> Int { changes.filter { $0.status == status }.count }
}
