@testable import BijouxAssets

/// The scenario, small: a table of two charms (cat, moon) and a catalog in
/// French, German and Japanese as a team would have it before `bijoux-assets strings`:
/// the cat's English name changed since it was translated ("Kitty" → "Cat"), its German
/// name is too long for the island, the moon's Japanese name is 15 wide characters (30
/// columns), the moon's note has no Japanese, a heart the table no longer has, and a
/// key of the team's own.
enum StringFixtures {
    static let table = CharmTableSource(charms: [
        CharmEntry(id: "cat", displayName: "Cat", note: "purring because you exist", swayDuration: 4.4),
        CharmEntry(id: "moon", displayName: "Moon", note: "goodnight, thinking of you", swayDuration: 2.8),
    ])

    static let tableJSON = """
        {"charms": [
          {"id": "cat", "displayName": "Cat", "note": "purring because you exist", "swayDuration": 4.4},
          {"id": "moon", "displayName": "Moon", "note": "goodnight, thinking of you", "swayDuration": 2.8}
        ]}

        """

    static let before = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "charm.cat.displayName" : {
              "comment" : "A charm's name.",
              "extractionState" : "extracted_with_value",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Schnurrende Samtpfotenfreundin"
                  }
                },
                "en" : {
                  "stringUnit" : {
                    "state" : "new",
                    "value" : "Kitty"
                  }
                },
                "fr" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Chaton"
                  }
                },
                "ja" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "ねこ"
                  }
                }
              }
            },
            "charm.cat.note" : {
              "comment" : "\(TableStrings.noteComment)",
              "extractionState" : "extracted_with_value",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "ich schnurre, weil es dich gibt"
                  }
                },
                "en" : {
                  "stringUnit" : {
                    "state" : "new",
                    "value" : "purring because you exist"
                  }
                },
                "fr" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "je ronronne parce que tu existes"
                  }
                },
                "ja" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "あなたがいるから、ごろごろ"
                  }
                }
              }
            },
            "charm.heart.displayName" : {
              "comment" : "\(TableStrings.displayNameComment)",
              "extractionState" : "extracted_with_value",
              "localizations" : {
                "en" : {
                  "stringUnit" : {
                    "state" : "new",
                    "value" : "Heart"
                  }
                },
                "fr" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Cœur"
                  }
                }
              }
            },
            "charm.moon.displayName" : {
              "comment" : "\(TableStrings.displayNameComment)",
              "extractionState" : "extracted_with_value",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Mond"
                  }
                },
                "en" : {
                  "stringUnit" : {
                    "state" : "new",
                    "value" : "Moon"
                  }
                },
                "fr" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Lune"
                  }
                },
                "ja" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "おつきさまのチャームとおまもり"
                  }
                }
              }
            },
            "charm.moon.note" : {
              "comment" : "\(TableStrings.noteComment)",
              "extractionState" : "extracted_with_value",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "gute Nacht, ich denk an dich"
                  }
                },
                "en" : {
                  "stringUnit" : {
                    "state" : "new",
                    "value" : "goodnight, thinking of you"
                  }
                },
                "fr" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "bonne nuit, je pense à toi"
                  }
                }
              }
            },
            "Settings" : {
              "comment" : "The team's own key: left alone.",
              "localizations" : {
                "fr" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Réglages"
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """
}

extension StringFixtures {
    /// "line:column" of the string value `value` in `text` (where its opening quote is),
    /// as the catalog's reader reports it.
    static func place(ofValue value: String, in text: String) -> String {
        let lines = text.components(separatedBy: "\n")
        for (index, line) in lines.enumerated() {
            if let range = line.range(of: "\"value\" : \"\(value)\"") {
                return "\(index + 1):\(line.distance(from: line.startIndex, to: range.lowerBound) + 11)"
            }
        }
        return "not found"
    }
}
