// LocalizedStringResource is Foundation's on Apple platforms only (iOS 16, macOS 13,
// tvOS 16, watchOS 9 and later); no Foundation of Linux or Windows has it.
#if canImport(Darwin)
    import Foundation

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    extension LocalizableCharm {
        /// The name as a `LocalizedStringResource`, which SwiftUI's `Text`, App Intents,
        /// widgets and Live Activities resolve themselves, in the user's language (or the
        /// resource's `locale`), from `stringsBundle`'s strings; `displayName` where that
        /// language has no translation.
        public var displayNameResource: LocalizedStringResource {
            LocalizedStringResource(
                displayNameKey, defaultValue: String.LocalizationValue(displayName), table: CharmStrings.table,
                bundle: .atURL(Self.stringsBundle.bundleURL))
        }

        /// The note as a `LocalizedStringResource`; `stockNote` where there is no translation.
        public var stockNoteResource: LocalizedStringResource {
            LocalizedStringResource(
                stockNoteKey, defaultValue: String.LocalizationValue(stockNote), table: CharmStrings.table,
                bundle: .atURL(Self.stringsBundle.bundleURL))
        }
    }
#endif
