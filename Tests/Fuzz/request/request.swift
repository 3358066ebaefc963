// The preview server's request-head parser and the reply built on it. A head it
// accepts has the parts HTTP/1.x allows, lower-case names, values without blanks
// around them, and reads back the same when written out again. Any input gets a
// reply; one whose head is refused gets 400.
@testable import BijouxAssets
@testable import BijouxAudio
@testable import BijouxCore
@testable import BijouxSVG

@Sendable func fuzzRequestHead(_ bytes: [UInt8]) {
    let head = RequestHead(bytes)
    if let head {
        precondition(head.version == "HTTP/1.1" || head.version == "HTTP/1.0")
        precondition(![head.method, head.target].contains { $0.isEmpty || $0.contains(" ") })
        for field in head.fields {
            precondition(!field.name.isEmpty && field.name == field.name.lowercased() && !field.name.contains(where: { $0 == " " || $0 == "\t" }))
            precondition(field.value.first.map { $0 != " " && $0 != "\t" } ?? true && field.value.last.map { $0 != " " && $0 != "\t" } ?? true)
        }
        let written = ([head.method + " " + head.target + " " + head.version] + head.fields.map { $0.name + ": " + $0.value }).joined(separator: "\r\n")
        precondition(RequestHead(Array(written.utf8)) == head, "the head does not read back")
    }
    // A folder that does not exist: the reply reads no file.
    let reply = PreviewServer.reply(to: bytes, root: "/nonexistent/bijoux-fuzz", port: 8722, stamp: 1)
    precondition(reply.starts(with: Array("HTTP/1.1 ".utf8)))
    precondition(head != nil || PreviewServer.headerEnd(bytes) != nil || reply.starts(with: Array("HTTP/1.1 400 ".utf8)), "a refused head got no 400")
}
