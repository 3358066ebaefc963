// LocalizedStringResource is Foundation's on Apple's platforms only (iOS 16, macOS 13,
// tvOS 16, watchOS 9 and later): the Foundation of Linux and Windows has none, so
// `canImport(Foundation)` cannot tell. SwiftUI is on exactly Apple's platforms and brings
// their Foundation with it (and its `Text` is where these resources go); the stand-in
// SwiftUI of Tests/AppleStandIns does the same, so this is type-checked on Linux too.
#if canImport(SwiftUI)
    import SwiftUI

    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
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
