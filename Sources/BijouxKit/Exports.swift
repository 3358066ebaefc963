/// BijouxKit is what the app, its widgets and its Live Activity link: the values and
/// formulas they share with the tool (BijouxShared, which needs no Foundation, so the tool
/// loads none), and the layer over Foundation's bundles and Apple's frameworks here.
@_exported import BijouxShared
