// PreviewServer.swift names the contact sheet's folder through ContactSheetPage, whose
// file would bring the whole contact sheet into the fuzz build: this stands in for it,
// with the same name and values. (`make fuzz-smoke`, in `make test`, builds this, so a
// new dependency of the server shows up there.)
enum ContactSheetPage {
    static let folder = "Preview"
    static let path = folder + "/index.html"
}
