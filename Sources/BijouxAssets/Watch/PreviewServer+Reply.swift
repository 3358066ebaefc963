import BijouxCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The server's replies, pure: what a request's bytes get, whatever the socket.
extension PreviewServer {
    /// Where the blank line ending a request head starts, looking from `start`.
    static func headerEnd(_ bytes: [UInt8], from start: Int = 0) -> Int? {
        guard bytes.count >= start + 4 else { return nil }
        for i in start...(bytes.count - 4) where bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 {
            return i
        }
        return nil
    }

    /// The whole HTTP reply to a request (its head, up to or including the blank line
    /// that ends it): pure, for tests. `port` is the one served, which `Host` must name.
    static func reply(to request: [UInt8], root: String, port: Int, stamp: Int) -> [UInt8] {
        guard let head = RequestHead(Array(request.prefix(headerEnd(request) ?? request.count))) else {
            return response(400, "text/plain", Array("bad request\n".utf8), head: false)
        }
        guard isThisServer(host: head.values(of: "host"), port: port) else {
            return response(403, "text/plain", Array("the Host header must be 127.0.0.1:\(port), localhost:\(port) or [::1]:\(port)\n".utf8), head: false)
        }
        guard head.method == "GET" || head.method == "HEAD" else {
            return response(405, "text/plain", Array("only GET and HEAD\n".utf8), head: false)
        }
        let bodiless = head.method == "HEAD"
        var target = head.target
        if let query = target.firstIndex(where: { $0 == "?" || $0 == "#" }) { target = String(target[..<query]) }
        if target == "/" {
            return response(302, "text/plain", [], head: bodiless, extra: "Location: /\(ContactSheetPage.path)\r\n")
        }
        if target == stampPath { return response(200, "text/plain", Array("\(stamp)".utf8), head: bodiless) }
        guard let path = servedPath(target), let bytes = try? FileIO.read(root + "/" + path, below: root) else {
            return response(404, "text/plain", Array("not found\n".utf8), head: bodiless)
        }
        if path.hasPrefix(DataStage.catalogFolder + "/") {
            return response(200, "application/octet-stream", bytes, head: bodiless, extra: "Content-Disposition: attachment\r\n")
        }
        return response(200, contentType(path), bytes, head: bodiless, sandboxed: path != ContactSheetPage.path)
    }

    /// Whether the values of a request's `Host` headers name this server: exactly one,
    /// `127.0.0.1`, `localhost` (in any case) or `[::1]`, with `:port`, or without a port
    /// when `port` is 80 (what a Host without one means).
    static func isThisServer(host values: [String], port: Int) -> Bool {
        guard values.count == 1, let host = values.first?.lowercased() else { return false }
        return ["127.0.0.1", "localhost", "[::1]"].contains { host == "\($0):\(port)" || (port == 80 && host == $0) }
    }

    /// The request's path inside the output folder, when it is one the server serves:
    /// percent-decoded, in `servedFolders`, no `.` or `..` segments, no hidden files.
    static func servedPath(_ target: String) -> String? {
        guard target.hasPrefix("/"), let decoded = percentDecoded(String(target.dropFirst())) else { return nil }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: false)
        guard let first = segments.first, servedFolders.contains(String(first)), segments.count > 1,
            segments.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") && !$0.contains("\0") })
        else { return nil }
        return decoded
    }

    static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
            utf8 = utf8.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    static func contentType(_ path: String) -> String {
        let types = [
            "html": "text/html; charset=utf-8", "png": "image/png", "json": "application/json", "svg": "image/svg+xml", "css": "text/css",
            "js": "text/javascript",
        ]
        let ext = path.split(separator: ".").last.map(String.init) ?? ""
        return types[ext] ?? "application/octet-stream"
    }

    /// A reply. Every one says its content type is final (`nosniff`), and every one but
    /// the contact sheet's page is `sandboxed`: opened on its own, a file of the art (a
    /// data set's HTML or SVG, an image's SVG) runs no script on the server's origin and
    /// cannot read the page or the other files. A data set's file is also a download
    /// (`Content-Disposition: attachment`, typed as bytes), never a page.
    static func response(_ status: Int, _ type: String, _ body: [UInt8], head: Bool, extra: String = "", sandboxed: Bool = true) -> [UInt8] {
        let reasons = [
            200: "OK", 302: "Found", 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 408: "Request Timeout",
            431: "Request Header Fields Too Large",
        ]
        let header =
            """
            HTTP/1.1 \(status) \(reasons[status] ?? "")\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\nCache-Control: no-store\r\nConnection: \
            close\r\nX-Content-Type-Options: nosniff\r\n\(sandboxed ? "Content-Security-Policy: sandbox\r\n" : "")\(extra)\r\n
            """
        return Array(header.utf8) + (head ? [] : body)
    }
}
