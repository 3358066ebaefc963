import Foundation

@testable import BijouxAssets
@testable import BijouxCore

/// Looking at an output folder as a build sees it.
enum OutputFolder {
    /// Every file below `folder` by relative path, with its bytes; dot-named entries
    /// (the cache, temporary files) at any depth are left out, as every comparison does.
    static func snapshot(_ folder: String) -> [String: [UInt8]] {
        var found: [String: [UInt8]] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let next = enumerator?.nextObject() as? String {
            if next.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + next, isDirectory: &isDirectory), !isDirectory.boolValue {
                found[next] = FileManager.default.contents(atPath: folder + "/" + next).map { Array($0) }
            }
        }
        return found
    }

    static let longAgo = Date(timeIntervalSince1970: 1_000_000_000)

    /// Sets every file's modification time to `longAgo`, so that a later build's
    /// rewrites stand out whatever the clock's resolution.
    static func age(_ folder: String) throws {
        for path in snapshot(folder).keys {
            try FileManager.default.setAttributes([.modificationDate: longAgo], ofItemAtPath: folder + "/" + path)
        }
    }

    /// The files whose modification time is no longer `longAgo`.
    static func rewritten(_ folder: String) throws -> Set<String> {
        var changed = Set<String>()
        for path in snapshot(folder).keys {
            let date = try FileManager.default.attributesOfItem(atPath: folder + "/" + path)[.modificationDate] as? Date
            if date != longAgo { changed.insert(path) }
        }
        return changed
    }

    /// Entries an interrupted build could leave beside or under `folder`.
    static func leftovers(_ folder: String) -> [String] {
        let parent = (folder as NSString).deletingLastPathComponent
        let base = (folder as NSString).lastPathComponent
        let beside = ((try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []).filter { $0.hasPrefix(".\(base).bijoux-tree-") }
        let under = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter { $0.contains(FileIO.temporaryPrefix) }
        return beside + under
    }
}

/// The jobs a build made (not taken from the cache), as "stage/job".
final class MadeJobs: Sendable {
    private let state = Locked((made: Set<String>(), cached: Set<String>()))

    var options: @Sendable (BuildEvent) -> Void {
        { [state] event in
            guard case .jobFinished(let stage, let job, _, _, _, let fromCache) = event else { return }
            state.withLock { _ = fromCache ? $0.cached.insert("\(stage)/\(job)") : $0.made.insert("\(stage)/\(job)") }
        }
    }

    var jobs: Set<String> { state.value.made }
    var cachedJobs: Set<String> { state.value.cached }
}
