import BijouxCore
import BijouxSVG

/// The drawn-icon stage: every `art/icons/<name>.svg` becomes an image set in
/// `Assets.xcassets/Icons/` (@1x, @2x, @3x with the wobble baked in) and, as
/// `art/icons.json` asks, a vector image set and a custom symbol (`IconSets`), with
/// per-icon settings from that file. Icons are rendered in
/// parallel, each by the helper process `bijoux-render` under the build's
/// `RenderLimits` (at most `RenderLimits.maxIcons` icons); outputs are in name order
/// whatever the number of jobs. Each
/// icon's job leaves its card on the contact sheet as its artifact. Icons are drawn in the
/// palette's ink.
enum IconsStage: ContactSheetStage {
    static let name = "icons"
    /// The folder of SVGs, relative to the art folder.
    static let sourceFolder = "icons"
    static let catalogFolder = AssetCatalog.folderName + "/Icons"
    static var ownedFolders: [String] { [catalogFolder] }

    static func applies(to art: ArtFolder) -> Bool { art.hasFolder(sourceFolder) }

    /// Each icon's key names the renderer's libraries (`LinkedLibraries`).
    static func helpers(_ art: ArtFolder) -> [HelperExecutable] { [IconRenderer.executable] }

    /// The icons' names (their SVG files' names), in name order: the image sets this
    /// stage makes (hidden files and files that are not SVGs aside).
    static func iconNames(_ art: ArtFolder) -> [String] {
        art.names(in: sourceFolder).filter { isIcon($0) }.map { String($0.dropLast(4)) }
    }

    /// Hidden files (.DS_Store, an editor's swap file) are not art; other files than SVGs
    /// are warned about.
    static func isIcon(_ file: String) -> Bool { !file.hasPrefix(".") && file.hasSuffix(".svg") }

    static func plan(_ art: ArtFolder) throws -> StagePlan {
        let (names, warnings) = try checkedIconNames(art)
        let settings = try checkedSettings(art, names: names)
        let ink = Palette.rgba(art.palette.ink), renders = art.renders
        var jobs = [
            Job.constant(name: "Contents.json", scope: .whole, [BuildOutput(path: catalogFolder + "/Contents.json", text: AssetCatalog.folderContents())])
        ]
        for name in names {
            jobs.append(iconJob(name, art: art, settings: settings, ink: ink, renders: renders))
        }
        return StagePlan(jobs: jobs, warnings: warnings)
    }

    /// The icons' names, in name order, each checked: a valid asset name, no two that differ
    /// only in case, at most `RenderLimits.maxIcons` of them. Files that are not SVGs are
    /// warned about and left out; hidden files are passed over in silence.
    private static func checkedIconNames(_ art: ArtFolder) throws -> (names: [String], warnings: [BuildWarning]) {
        var warnings: [BuildWarning] = []
        var names: [String] = []
        for file in art.names(in: sourceFolder) where !file.hasPrefix(".") {
            let path = art.file(sourceFolder + "/" + file)
            guard isIcon(file) else {
                warnings.append(BuildWarning(subject: path, message: "not an .svg file; ignored"))
                continue
            }
            let name = String(file.dropLast(4))
            guard AssetName.isValid(name) else {
                throw ArtFileError(
                    file: path,
                    message:
                        "\"\(name)\" is not a valid icon name (ASCII letters, digits, '-' and '_', starting with a letter or digit): it names the image set")
            }
            // (A symbolic link never gets here: `ArtFolder` refuses it.)
            if let other = names.first(where: { AssetName.caseFolded($0) == AssetName.caseFolded(name) }),
                let clash = AssetName.caseClash(name, with: other)
            {
                throw ArtFileError(file: path, message: "icon names \(clash)")
            }
            names.append(name)
            if names.count > RenderLimits.maxIcons {
                throw ArtFileError(
                    file: path,
                    message:
                        "one icon too many: a build draws at most \(RenderLimits.maxIcons) icons, and this is number \(names.count)"
                )
            }
        }
        return (names, warnings)
    }

    /// icons.json when there is one (the defaults when not), every icon it sets naming one of
    /// `names`: settings for an SVG that is not there are an error, not silently unused.
    private static func checkedSettings(_ art: ArtFolder, names: [String]) throws -> IconSettings {
        let settingsPath = art.file(IconSettings.fileName), settings = art.iconSettings
        for (name, overrides) in settings.icons.sorted(by: { $0.key < $1.key }) where !names.contains(name) {
            throw ArtFileError(
                file: settingsPath, location: overrides.location, subject: "icon '\(name)'", message: "there is no \(sourceFolder)/\(name).svg")
        }
        return settings
    }

    /// One icon's job: it reads and checks the SVG (`DrawnIcon.check`) and keys it with
    /// everything that decides its sets; only when the cache misses does it draw the icon.
    private static func iconJob(_ name: String, art: ArtFolder, settings: IconSettings, ink: RGBA, renders: RenderSession) -> Job {
        let relative = "\(sourceFolder)/\(name).svg"
        let wobble = settings.wobble(for: name), intent = settings.renderingIntent(for: name), forms = settings.forms(for: name)
        return Job(name: name, scope: .whole, source: art.file(relative)) {
            let svg = try art.read(relative, limit: SVGSafety.maxFileSize)
            // Checked here, for every icon before any is drawn, so a build reports them all.
            let checked = try DrawnIcon.check(name: name, file: art.file(relative), svg: svg, forms: forms)
            let key = CacheKey("icon")
            key.add("name", name)
            key.add("svg", svg)
            key.add("amplitude", wobble.amplitude)
            key.add("wavelength", wobble.wavelength)
            key.add("octaves", wobble.octaves)
            key.add("seed", Int(wobble.seed))
            key.add("renderingIntent", intent.rawValue)
            key.add("vector", forms.vector ? 1 : 0)
            key.add("symbol", forms.symbol ? 1 : 0)
            key.add("ink", ink.description)
            key.add("renderer", try IconRenderer.executable.identity(file: art.file(relative), libraries: art.libraries))
            return Job.Prepared(key: key.hash, ahead: renders.warmUp) { recorder in
                let path = art.file(relative)
                let icon = try DrawnIcon.make(
                    name: name, file: path, checked: checked, wobble: wobble, ink: ink, renders: renders, forms: forms)
                try record(icon, file: path, forms: forms, renderingIntent: intent, ink: ink, recorder)
            }
        }
    }

    /// Hands a drawn icon to the recorder: its sets, its warnings, its report line and
    /// its card on the contact sheet.
    private static func record(
        _ icon: DrawnIcon, file path: String, forms: IconForms, renderingIntent intent: IconSettings.RenderingIntent, ink: RGBA,
        _ recorder: JobRecorder
    ) throws {
        var outputs = imageSet(icon, forms: forms, renderingIntent: intent)
        var card = ContactSheet.Icon(
            name: icon.name, pointWidth: icon.pointWidth, pointHeight: icon.pointHeight,
            images: zip(DrawnIcon.scales, icon.renders).map { scale, render in
                ContactSheet.Image(path: imagePath(icon.name, forms, scale: scale), width: render.width, height: render.height)
            },
            renderingIntent: intent.rawValue)
        if let vector = icon.vector, forms.vector {
            outputs += vectorSet(icon.name, svg: vector.svg(ink: ink), renderingIntent: intent)
            card.vector = ContactSheet.Image(path: vectorPath(icon.name), width: icon.pointWidth, height: icon.pointHeight)
        }
        if let vector = icon.vector, forms.symbol {
            let template = try SymbolTemplate(name: icon.name, icon: vector, file: path)
            outputs += symbolSet(icon.name, template: template.svg)
            card.symbol = template.sources.reversed().map { source in
                ContactSheet.SymbolGlyph(weight: source.weight.rawValue, path: source.pathData, advance: source.advance)
            }
        }
        for output in outputs { try recorder.write(output.path, output.bytes) }
        let warnings = drawingWarnings(icon, file: path)
        for warning in warnings { recorder.warn(warning.place, warning.message) }
        // On the card, beside the icon's name: the place within the file alone.
        card.warnings = warnings.map { $0.place == path ? $0.message : "\($0.place.dropFirst(path.count + 1)): \($0.message)" }
        recorder.note("icon \(icon.name): \(icon.pointWidth)×\(icon.pointHeight) pt, \(icon.wobble), \(intent.rawValue)")
        recorder.leave(ContactSheet(icons: [card]))
    }

    /// What drawing the icon found to warn about, each at its place: the file, and the line
    /// and column where there is one (the SVG's safety warnings), then ink too near the edge.
    private static func drawingWarnings(_ icon: DrawnIcon, file path: String) -> [(place: String, message: String)] {
        var warnings: [(place: String, message: String)] = icon.warnings.map {
            (SourceLocation.place(path, $0.location), $0.message)
        }
        if icon.inkNearEdge {
            warnings.append(
                (
                    path,
                    """
                    ink comes within the wobble's amplitude (\(Format.number(icon.wobble.amplitude)) pt) of the edge, where the wobble can \
                    clip it; leave that margin inside the viewBox
                    """
                ))
        }
        return warnings
    }
}
