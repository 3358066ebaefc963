// PreviewServer.swift names the output's folders through the contact sheet's and the
// catalog's types; their files would bring the whole contact sheet into the fuzz
// build, so these stand in for them with the same names. (`make fuzz-smoke`, in
// `make test`, builds this, so a new dependency of the server shows up there.)
enum ContactSheetPage {
    static let folder = "Preview"
    static let path = folder + "/index.html"
}
