/// A job's cards as its artifact: the `ContactSheet` field by field (`ArtifactCoding`).
extension ContactSheet: ArtifactCoding {
    func write(to writer: inout ByteWriter) {
        writer.list(charms) { writer, charm in
            writer.string(charm.id)
            writer.string(charm.displayName)
            writer.string(charm.note)
            writer.list(charm.images) { $0.image($1) }
            writer.integer(charm.pointWidth)
            writer.integer(charm.pointHeight)
            for value in [charm.paintedBox.x, charm.paintedBox.y, charm.paintedBox.width, charm.paintedBox.height] { writer.double(value) }
            writer.list(charm.readings) { writer, reading in
                writer.integer(reading.scale)
                writer.image(reading.image)
                writer.double(reading.legibility.solidFraction)
                writer.double(reading.legibility.retention)
                writer.integer(reading.legibility.hazeFloor)
            }
            writer.list(charm.warnings) { $0.string($1) }
            writer.string(charm.colour)
            writer.integer(charm.isWide ? 1 : 0)
        }
        writer.list(icons) { writer, icon in
            writer.string(icon.name)
            writer.integer(icon.pointWidth)
            writer.integer(icon.pointHeight)
            writer.list(icon.images) { $0.image($1) }
            writer.string(icon.renderingIntent)
            writer.list(icon.warnings) { $0.string($1) }
            writer.optional(icon.vector) { $0.image($1) }
            writer.list(icon.symbol) { writer, glyph in
                writer.string(glyph.weight)
                writer.string(glyph.path)
                writer.double(glyph.advance)
            }
        }
        writer.list(appIcon) { writer, look in
            writer.string(look.kind)
            writer.string(look.variant)
            writer.optional(look.image) { $0.image($1) }
            writer.image(look.home)
            writer.optional(look.approximation) { $0.string($1) }
            writer.list(look.warnings) { $0.string($1) }
        }
        writer.optional(appIconSafeZone) { $0.image($1) }
        writer.list(otherWarnings) { $0.string($1) }
        writer.list(languages) { writer, language in
            writer.string(language.code)
            writer.string(language.label)
            writer.list(language.texts.keys.sorted()) { writer, key in
                writer.string(key)
                writer.string(language.texts[key] ?? "")
            }
            writer.list(language.fallback) { $0.string($1) }
            writer.list(language.tooWide.keys.sorted()) { writer, key in
                writer.string(key)
                writer.string(language.tooWide[key] ?? "")
            }
        }
        writeImagesAndData(to: &writer)
    }

    /// The cards of `art/images/` and `art/data/` (`ImagesStage`, `DataStage`).
    private func writeImagesAndData(to writer: inout ByteWriter) {
        writer.list(images) { writer, asset in
            writer.string(asset.name)
            writer.list(asset.variants) { writer, variant in
                for text in [variant.label, variant.format, variant.colour] { writer.string(text) }
                writer.image(variant.image)
            }
            writer.string(asset.vector)
            writer.string(asset.renderingIntent)
        }
        writer.list(data) { writer, asset in
            for text in [asset.name, asset.fileName, asset.typeIdentifier] { writer.string(text) }
            writer.integer(asset.bytes)
        }
    }

    init?(reading reader: inout ByteReader) {
        guard let charms = reader.list({ $0.charm() }), let icons = reader.list({ $0.icon() }), let appIcon = reader.list({ $0.appIconLook() }),
            let safeZone = reader.optional({ $0.image() }), let otherWarnings = reader.strings(), let languages = reader.list({ $0.language() }),
            let extra = Self.readImagesAndData(&reader)
        else { return nil }
        self.init(
            charms: charms, icons: icons, appIcon: appIcon, appIconSafeZone: safeZone, otherWarnings: otherWarnings, languages: languages,
            images: extra.images, data: extra.data)
    }

    /// The cards of `art/images/` and `art/data/` (`ImagesStage`, `DataStage`), nil when malformed.
    private static func readImagesAndData(_ reader: inout ByteReader) -> (images: [ImageAsset], data: [DataAsset])? {
        guard
            let images: [ImageAsset] = reader.list({ reader in
                guard let name = reader.string(),
                    let variants: [ImageVariant] = reader.list({ reader in
                        guard let label = reader.string(), let format = reader.string(), let colour = reader.string(), let image = reader.image()
                        else { return nil }
                        return ImageVariant(label: label, format: format, image: image, colour: colour)
                    }),
                    let vector = reader.string(), let intent = reader.string()
                else { return nil }
                return ImageAsset(name: name, variants: variants, vector: vector, renderingIntent: intent)
            }),
            let data: [DataAsset] = reader.list({ reader in
                guard let name = reader.string(), let fileName = reader.string(), let type = reader.string(), let bytes = reader.integer()
                else { return nil }
                return DataAsset(name: name, fileName: fileName, typeIdentifier: type, bytes: bytes)
            })
        else { return nil }
        return (images, data)
    }
}

extension ByteWriter {
    fileprivate mutating func list<T>(_ values: [T], _ write: (inout ByteWriter, T) -> Void) {
        number(values.count)
        for value in values { write(&self, value) }
    }

    fileprivate mutating func optional<T>(_ value: T?, _ write: (inout ByteWriter, T) -> Void) {
        bool(value != nil)
        if let value { write(&self, value) }
    }

    fileprivate mutating func image(_ image: ContactSheet.Image) {
        string(image.path)
        integer(image.width)
        integer(image.height)
    }
}

/// Each card read back as `ContactSheet.write(to:)` wrote it; nil when malformed.
extension ByteReader {
    fileprivate mutating func strings() -> [String]? { list { $0.string() } }

    fileprivate mutating func charm() -> ContactSheet.Charm? {
        guard let id = string(), let displayName = string(), let note = string(), let images = list({ $0.image() }), let pointWidth = integer(),
            let pointHeight = integer(), let x = double(), let y = double(), let width = double(), let height = double(),
            let readings: [ContactSheet.IslandReading] = list({ reader in
                guard let scale = reader.integer(), let image = reader.image(), let solid = reader.double(), let retention = reader.double(),
                    let haze = reader.integer()
                else { return nil }
                let legibility = LegibilityReport(solidFraction: solid, retention: retention, hazeFloor: haze)
                return ContactSheet.IslandReading(scale: scale, image: image, legibility: legibility)
            }),
            let warnings = strings(), let colour = string(), let wide = integer()
        else { return nil }
        return ContactSheet.Charm(
            id: id, displayName: displayName, note: note, images: images, pointWidth: pointWidth, pointHeight: pointHeight,
            paintedBox: ContactSheet.Box(x: x, y: y, width: width, height: height), readings: readings, warnings: warnings, colour: colour,
            isWide: wide == 1)
    }

    fileprivate mutating func icon() -> ContactSheet.Icon? {
        guard let name = string(), let pointWidth = integer(), let pointHeight = integer(), let images = list({ $0.image() }),
            let intent = string(), let warnings = strings(), let vector = optional({ $0.image() }),
            let symbol: [ContactSheet.SymbolGlyph] = list({ reader in
                guard let weight = reader.string(), let path = reader.string(), let advance = reader.double() else { return nil }
                return ContactSheet.SymbolGlyph(weight: weight, path: path, advance: advance)
            })
        else { return nil }
        return ContactSheet.Icon(
            name: name, pointWidth: pointWidth, pointHeight: pointHeight, images: images, renderingIntent: intent, warnings: warnings,
            vector: vector, symbol: symbol)
    }

    fileprivate mutating func appIconLook() -> ContactSheet.AppIconLook? {
        guard let kind = string(), let variant = string(), let picture = optional({ $0.image() }), let home = image(),
            let approximation = optional({ $0.string() }), let warnings = strings()
        else { return nil }
        return ContactSheet.AppIconLook(kind: kind, variant: variant, image: picture, home: home, approximation: approximation, warnings: warnings)
    }

    fileprivate mutating func language() -> ContactSheet.Language? {
        func pairs(_ reader: inout ByteReader) -> [String: String]? {
            reader.list { reader -> (String, String)? in
                guard let key = reader.string(), let text = reader.string() else { return nil }
                return (key, text)
            }.map { Dictionary($0, uniquingKeysWith: { first, _ in first }) }
        }
        guard let code = string(), let label = string(), let texts = pairs(&self), let fallback = strings(), let tooWide = pairs(&self)
        else { return nil }
        return ContactSheet.Language(code: code, label: label, texts: texts, fallback: fallback, tooWide: tooWide)
    }

    /// nil when the list is malformed.
    fileprivate mutating func list<T>(_ read: (inout ByteReader) -> T?) -> [T]? {
        guard let count = number() else { return nil }
        var values: [T] = []
        for _ in 0..<count {
            guard let value = read(&self) else { return nil }
            values.append(value)
        }
        return values
    }

    /// `.some(nil)` for an absent value, nil when malformed.
    fileprivate mutating func optional<T>(_ read: (inout ByteReader) -> T?) -> T?? {
        guard let present = bool() else { return nil }
        guard present else { return .some(nil) }
        guard let value = read(&self) else { return nil }
        return .some(value)
    }

    fileprivate mutating func image() -> ContactSheet.Image? {
        guard let path = string(), let width = integer(), let height = integer() else { return nil }
        return ContactSheet.Image(path: path, width: width, height: height)
    }
}
