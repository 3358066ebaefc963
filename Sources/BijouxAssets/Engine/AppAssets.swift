import BijouxCore

/// The app's own assets, copied from a build into a folder of the app target: the app
/// icon set, the accent colour (each in that folder's `Assets.xcassets`) and the iOS 26
/// Icon Composer document `AppIcon.icon`. Xcode takes the app icon and the accent colour
/// only from a catalog of the app target itself, so where the build's catalog is not
/// one (the plugin on a SwiftPM target, whose catalog is that target's resource bundle)
/// the app gets them from here. Each item is replaced whole, and only when its bytes
/// differ; nothing else in the folder is touched, and a missing `Assets.xcassets` is
/// made with the root `Contents.json` Xcode writes.
package enum AppAssets {
    /// What is copied: paths in the build's output folder, and the same paths in the app's.
    static let items = [LeFilDocument.folder, AppIconStage.iconSetFolder, PaletteStage.accentFolder]

    package struct Report: Equatable, Sendable {
        /// Items replaced, and items that already held these bytes.
        package var written: [String] = []
        package var unchanged: [String] = []
    }

    /// Copies the items `output` (a finished build) has into `app`, an existing folder
    /// outside the art and output folders.
    package static func export(from output: String, into app: String, artFolder: String) throws(FileError) -> Report {
        guard FileIO.isDirectory(app) else { throw .cannotWrite(path: app, reason: "no such folder; give the app target's folder") }
        let real = FileIO.resolvedPath(app)
        for (folder, role) in [(artFolder, "the art folder"), (output, "the output folder")] {
            let other = FileIO.resolvedPath(folder)
            if real == other || real.hasPrefix(other + "/") || other.hasPrefix(real + "/") {
                throw .cannotWrite(path: app, reason: "overlaps \(role) \(folder); give a folder of the app target")
            }
        }
        let present = items.filter { FileIO.isDirectory(output + "/" + $0) }
        guard !present.isEmpty else {
            throw .cannotRead(path: output, reason: "holds no app icon or accent colour (the art needs appicon.json, or an accent in palette.json)")
        }
        let catalog = app + "/" + AssetCatalog.folderName
        if !FileIO.exists(catalog), present.contains(where: { $0.hasPrefix(AssetCatalog.folderName + "/") }) {
            try FileIO.makeDirectories(catalog)
            _ = try FileIO.writeAtomically(Array(AssetCatalog.folderContents().utf8), to: catalog + "/Contents.json")
        }
        var report = Report()
        for item in present {
            if try sameTree(output + "/" + item, app + "/" + item) {
                report.unchanged.append(item)
            } else {
                try replace(app + "/" + item, withCopyOf: output + "/" + item)
                report.written.append(item)
            }
        }
        return report
    }

    /// Whether two trees hold the same names and bytes (links are not followed).
    static func sameTree(_ a: String, _ b: String) throws(FileError) -> Bool {
        switch (FileIO.entryKind(a), FileIO.entryKind(b)) {
        case (.file, .file): return try FileIO.read(a) == FileIO.read(b)
        case (.directory, .directory):
            let names = try FileIO.list(a).sorted()
            let others = try FileIO.list(b).sorted()
            guard names == others else { return false }
            for name in names {
                if !(try sameTree(a + "/" + name, b + "/" + name)) { return false }
            }
            return true
        default: return false
        }
    }

    /// Puts a copy of the tree `source` at `destination` in one step: the copy is made
    /// beside it, then exchanged with what was there (or renamed into place), and the old
    /// tree removed.
    static func replace(_ destination: String, withCopyOf source: String) throws(FileError) {
        let parent = FileIO.parentDirectory(of: destination)
        let name = String(destination.dropFirst(parent.count + 1))
        let staging = try FileIO.makeUniqueDirectory(prefix: parent + "/." + name + ".bijoux-")
        do {
            let copy = staging + "/" + name
            try copyTree(source, to: copy)
            if FileIO.entryKind(destination) == nil {
                try FileIO.move(copy, to: destination)
            } else if !(try FileIO.exchange(copy, destination)) {
                try FileIO.move(destination, to: staging + "/old")
                try FileIO.move(copy, to: destination)
            }
        } catch {
            FileIO.removeTree(staging)
            throw error
        }
        FileIO.removeTree(staging)
    }

    static func copyTree(_ source: String, to destination: String) throws(FileError) {
        if FileIO.entryKind(source) == .directory {
            try FileIO.makeDirectories(destination)
            for name in try FileIO.list(source) { try copyTree(source + "/" + name, to: destination + "/" + name) }
        } else {
            _ = try FileIO.writeAtomically(try FileIO.read(source), to: destination)
        }
    }
}
