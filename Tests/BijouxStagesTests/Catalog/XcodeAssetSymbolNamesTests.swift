import Testing

@testable import BijouxAssets

/// `SwiftIdentifier.assetSymbolName` against the names Xcode itself wrote: every case is a set
/// name and its member in a `GeneratedAssetSymbols.swift` committed by accident to a public
/// repository (Xcode's DerivedSources), cited as repository @ commit and path. Where the code
/// index gave the file without its repository, it is cited by its index id.
@Suite("Xcode's asset-symbol names")
struct XcodeAssetSymbolNamesTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var set: String
        var member: String
        var file: String
        var testDescription: String { "\(set) → \(member)" }
    }

    static let flutterRunner = "ios/build/Runner.build/Debug-iphoneos/Runner.build/DerivedSources/GeneratedAssetSymbols.swift"
    static let bmine = "darjiraj/Bmine-Slice-Backup @ 2a3d3268, " + flutterRunner
    static let univerx = "univerx/UniverX @ 9d6db74a, " + flutterRunner
    static let showwcase = "DanielKwakye/showwcase-mobile @ f3b89bf3, " + flutterRunner
    static let ziPartner =
        "WilliamDCGomes/zi-partner @ e6a2f4ef, ios/build/Runner.build/Release-iphoneos/Runner.build/DerivedSources/GeneratedAssetSymbols.swift"
    static let trackizer =
        "DeveloperDilshad/Trackizer @ 94530a1f, build/Trackizer.build/Debug-iphonesimulator/Trackizer.build/DerivedSources/GeneratedAssetSymbols.swift"
    static let ringABull =
        "burkettg/RingABull @ b189bd4b, Build/Intermediates.noindex/RingABull.build/Debug-iphonesimulator/RingABull.build/DerivedSources/"
        + "GeneratedAssetSymbols.swift"
    static let swiftUITest =
        "NikitaKosolapov/SwiftUITestProject1 @ aa6fa2ea, DerivedData/SwiftUITestProject/Build/Intermediates.noindex/SwiftUITestProject.build/"
        + "Debug-iphonesimulator/SwiftUITestProject.build/DerivedSources/GeneratedAssetSymbols.swift"
    static let aquire =
        "ashgotcryptidcravings/FoundationAquire @ 0ab2a514, build/Aquire.build/Debug-iphonesimulator/Aquire.build/DerivedSources/"
        + "GeneratedAssetSymbols.swift"
    static let propertyWork =
        "VladimirKhalin/https-github.com-VladimirKhalin-PropertyWork @ c92adfff, Build/Intermediates.noindex/GTAModes.build/"
        + "Debug-iphonesimulator/GTAModes.build/DerivedSources/GeneratedAssetSymbols.swift"
    static let firstProject =
        "Timchen-2024/first_peoject @ 1cc6371e, DerivedData/first_peoject/Index.noindex/Build/Intermediates.noindex/first_peoject.build/"
        + "Debug-iphonesimulator/first_peoject.build/DerivedSources/GeneratedAssetSymbols.swift"
    static let changeMakers =
        "TheGhostJB/ChangeMakers @ 2c96d13d, TuristAgent/build/TuristAgent.build/Debug-iphoneos/TuristAgent.build/DerivedSources/"
        + "GeneratedAssetSymbols.swift"
    static func index(_ id: String) -> String { "code index file \(id) (repository not named)" }

    static let cases: [Case] = [
        // A trailing Image (or Color) is dropped when something remains; elsewhere it stays.
        Case(set: "LaunchImage", member: "launch", file: bmine),
        Case(set: "LaunchBackground", member: "launchBackground", file: univerx),
        Case(set: "betaLaunchImage", member: "betaLaunch", file: showwcase),
        Case(set: "productionLaunchImage", member: "productionLaunch", file: showwcase),
        Case(set: "liveLaunchImage", member: "liveLaunch", file: showwcase),
        Case(set: "LaunchImageBeta", member: "launchImageBeta", file: showwcase),
        Case(set: "LaunchBackgroundProduction", member: "launchBackgroundProduction", file: showwcase),
        Case(set: "devLaunchImage", member: "devLaunch", file: ziPartner),
        Case(set: "hmlgLaunchImage", member: "hmlgLaunch", file: ziPartner),
        Case(set: "bostonFernImage", member: "bostonFern", file: ringABull),
        Case(set: "BackGroundImageV4", member: "backGroundImageV4", file: ringABull),
        Case(set: "GameMode00", member: "gameMode00", file: ringABull),
        Case(set: "offer_Image", member: "offer", file: index("10925744422")),
        Case(set: "insert_image", member: "insert", file: index("2855513341")),
        Case(set: "AllSetImage", member: "allSet", file: index("57912385553")),
        Case(set: "AccentColor", member: "accent", file: aquire),
        Case(set: "BorderColor", member: "border", file: propertyWork),
        Case(set: "blueColor", member: "blue", file: propertyWork),
        Case(set: "cellLineColor", member: "cellLine", file: propertyWork),
        Case(set: "tapbarcolor", member: "tapbarcolor", file: propertyWork),
        Case(set: "backgroundColor", member: "background", file: index("25650374199")),  // an image set: Color goes too
        Case(set: "bg_color", member: "bg", file: index("2855513341")),
        Case(set: "img_home_carousel_filming_color", member: "imgHomeCarouselFilming", file: index("67287956976")),
        Case(set: "joker_3_multicolor", member: "joker3Multicolor", file: index("10925744422")),
        // `_` is a word break as `-` is.
        Case(set: "app_icon", member: "appIcon", file: trackizer),
        Case(set: "bottom_bar_bg", member: "bottomBarBg", file: trackizer),
        Case(set: "face_id", member: "faceId", file: trackizer),
        Case(set: "m_a", member: "mA", file: propertyWork),
        Case(set: "s_l1", member: "sL1", file: propertyWork),
        Case(set: "download-cloud", member: "downloadCloud", file: propertyWork),
        Case(set: "home_png", member: "homePng", file: index("56812302456")),
        Case(set: "ff_on_primary", member: "ffOnPrimary", file: index("56812302456")),
        Case(set: "optionIcon_0", member: "optionIcon0", file: index("10925744422")),
        Case(set: "icon_ID", member: "iconID", file: index("54062439587")),
        Case(set: "arjun-patel", member: "arjunPatel", file: index("70986389363")),
        Case(set: "Background1-Dark", member: "background1Dark", file: swiftUITest),
        Case(set: "fingerprint-2", member: "fingerprint2", file: swiftUITest),
        Case(set: "banner-1", member: "banner1", file: firstProject),
        // Capitals: the first word lowercased, a run of them kept after it, a name of nothing else kept.
        Case(set: "Trash", member: "trash", file: trackizer),
        Case(set: "Avatar", member: "avatar", file: swiftUITest),
        Case(set: "KansasCity", member: "kansasCity", file: changeMakers),
        Case(set: "AppBlue", member: "appBlue", file: index("65967123158")),
        Case(set: "GoalBackground2", member: "goalBackground2", file: index("65967123158")),
        Case(set: "GetStartedBG", member: "getStartedBG", file: index("57912385553")),
        Case(set: "BMChest", member: "bmChest", file: index("48998664500")),
        Case(set: "BMLArm", member: "bmlArm", file: index("48998664500")),
        Case(set: "XSkiing", member: "xSkiing", file: index("48998664500")),
        Case(set: "CalW", member: "calW", file: index("48998664500")),
        Case(set: "AppIcon-iOS-ClearDark-1024x1024", member: "appIconIOSClearDark1024X1024", file: aquire),
        Case(set: "IMG_4251", member: "IMG_4251", file: bmine),
        Case(set: "FFF", member: "FFF", file: changeMakers),
        Case(set: "ABS", member: "ABS", file: index("48998664500")),
        Case(set: "AL-0", member: "AL_0", file: index("48998664500")),
        // A leading digit takes `_`; a reserved word backticks.
        Case(set: "401", member: "_401", file: firstProject),
        Case(set: "402a", member: "_402A", file: firstProject),
        Case(set: "u1", member: "u1", file: trackizer),
        Case(set: "Default", member: "`default`", file: index("35558153217")),
        Case(set: "subscript", member: "`subscript`", file: index("2855513341")),
    ]

    @Test(arguments: cases) func xcodeNamesTheSetSo(_ named: Case) {
        #expect(SwiftIdentifier.assetSymbolName(for: named.set) == named.member, "\(named.file)")
    }

    /// The sample art's names are the same under both rules, so its generated names do not move.
    @Test(arguments: ["coffee-cup", "pass-on", "photo-slot", "give-bitmap", "Camel", "heart"])
    func namesWithoutUnderscoresOrSuffixesAreTheTablesToo(_ set: String) {
        #expect(SwiftIdentifier.assetSymbolName(for: set) == SwiftIdentifier.caseName(for: set, members: []))
    }
}
