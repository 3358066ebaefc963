// The charm table reader (art/charms.json). A table it accepts has valid ids that
// differ even in letter case and art paths inside the folder, and reads back the same
// when written out again.
@testable import BijouxAssets
@testable import BijouxAudio
@testable import BijouxCore
@testable import BijouxSVG

@Sendable func fuzzCharmTable(_ bytes: [UInt8]) {
    guard let table = readArtFile(bytes, CharmTableSource.parse) else { return }
    precondition(table.charms.allSatisfy { AssetName.isValid($0.id) && ArtPath.problem(with: $0.art) == nil })
    precondition(Set(table.charms.map { AssetName.caseFolded($0.id) }).count == table.charms.count, "ids clash")
    precondition(table.canvas.marginPoints * 2 < Double(table.canvas.pointHeight))
    let charms = table.charms.map { charm -> JSONOutput in
        [
            "id": .string(charm.id), "displayName": .string(charm.displayName), "note": .string(charm.note),
            "swayDuration": .double(charm.swayDuration), "art": .string(charm.art), "blackPoint": .int(charm.blackPoint),
        ]
    }
    let canvas: JSONOutput = ["pointWidth": .int(table.canvas.pointWidth), "margin": .double(table.canvas.marginPoints)]
    let again = reread(["charms": .array(charms), "canvas": canvas], CharmTableSource.parse)
    precondition(withoutPositions(again) == withoutPositions(table), "the table does not read back")
}

private func withoutPositions(_ table: CharmTableSource) -> CharmTableSource {
    var table = table
    for i in table.charms.indices { (table.charms[i].location, table.charms[i].artLocation) = (nil, nil) }
    return table
}
