/// The code of every diagnostic dibuild reports: `I` input and configuration, `S` declarations (scan and
/// link), `L` links, `Y` cycles, `P` properties, `O` output, `W` `dibuild why`. The code is not printed; it
/// identifies the check for tests and for `dibuild explain`, which prints the entry of `Diagnostics`.
enum DiagnosticCode: String, CaseIterable, Codable, Sendable {
    case i01 = "I01"
    case i02 = "I02"
    case i03 = "I03"
    case i04 = "I04"
    case i05 = "I05"
    case i06 = "I06"
    case i07 = "I07"
    case i08 = "I08"
    case i09 = "I09"
    case i10 = "I10"
    case i11 = "I11"
    case i12 = "I12"
    case i13 = "I13"
    case i14 = "I14"
    case i15 = "I15"
    case i16 = "I16"
    case i17 = "I17"
    case s00 = "S00"
    case s01 = "S01"
    case s02 = "S02"
    case s03 = "S03"
    case s04 = "S04"
    case s05 = "S05"
    case s06 = "S06"
    case s07 = "S07"
    case s08 = "S08"
    case s09 = "S09"
    case s10 = "S10"
    case s11 = "S11"
    case s12 = "S12"
    case s13 = "S13"
    case s14 = "S14"
    case s15 = "S15"
    case s16 = "S16"
    case s17 = "S17"
    case s18 = "S18"
    case s19 = "S19"
    case s20 = "S20"
    case s21 = "S21"
    case s22 = "S22"
    case s23 = "S23"
    case s24 = "S24"
    case s25 = "S25"
    case s26 = "S26"
    case s27 = "S27"
    case s28 = "S28"
    case s29 = "S29"
    case s30 = "S30"
    case s31 = "S31"
    case s32 = "S32"
    case s33 = "S33"
    case s34 = "S34"
    case s35 = "S35"
    case s36 = "S36"
    case s37 = "S37"
    case s38 = "S38"
    case s39 = "S39"
    case l01 = "L01"
    case l02 = "L02"
    case l03 = "L03"
    case l04 = "L04"
    case l05 = "L05"
    case l06 = "L06"
    case l07 = "L07"
    case y01 = "Y01"
    case p01 = "P01"
    case p02 = "P02"
    case p03 = "P03"
    case w01 = "W01"
    case o01 = "O01"
    case o02 = "O02"
    case o03 = "O03"
    case o04 = "O04"
    case o05 = "O05"
    case o06 = "O06"
}

/// The pipeline stage that owns a check. Two scanner checks have cases that only the linker can see (a
/// `.weak` scope or a parameter type given in another declaration); the linker reports those and no other.
enum DiagnosticStage: String, Sendable {
    case config = "configuration"
    case inventory = "inventory"
    case scan = "scan"
    case link = "link"
    case validate = "validation"
    case output = "output"
    case why = "dibuild why"
}

/// One message of the catalogue: its code, severity and text, where `{name}` marks a value filled in at the
/// place that reports it (in order). Notes are messages of severity `.note` under their diagnostic's code.
struct DiagnosticMessage: Sendable {
    let code: DiagnosticCode
    let severity: Severity
    let template: String

    init(_ code: DiagnosticCode, _ severity: Severity, _ template: String) {
        self.code = code
        self.severity = severity
        self.template = template
    }

    init(_ code: DiagnosticCode, _ template: String) { self.init(code, .error, template) }

    /// The template with its `{…}` slots filled from `values` in order; a name written twice takes one value,
    /// and a value is never re-read as a slot.
    func text(_ values: [String]) -> String {
        var out = ""
        var remaining = values[...]
        // Keyed by `String`, not `Substring`, and `Substring`s appended without `+`: both were first met here
        // in a run and cost the runtime's scan of every conformance record of the binary.
        var filled: [String: String] = [:]
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out.append(contentsOf: rest[..<open])
            let name = String(rest[rest.index(after: open)..<close])
            if filled[name] == nil {
                assert(!remaining.isEmpty, "too few values for '\(template)'")
                filled[name] = remaining.popFirst() ?? String(rest[open...close])
            }
            out += filled[name] ?? ""
            rest = rest[rest.index(after: close)...]
        }
        assert(remaining.isEmpty, "too many values for '\(template)'")
        out.append(contentsOf: rest)
        return out
    }

    /// The names of the slots, each once, in the order `text(_:)` takes their values.
    var slots: [String] {
        var names: [String] = []
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = String(rest[rest.index(after: open)..<close])
            if !names.contains(name) { names.append(name) }
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}

extension Diagnostic {
    /// The diagnostic of a catalogue message with its values filled in.
    init(
        _ message: DiagnosticMessage, _ values: String..., at location: SourceLocation? = nil,
        notes: [DiagnosticNote] = []
    ) {
        self.init(message, values: values, at: location, notes: notes)
    }

    init(
        _ message: DiagnosticMessage, values: [String], at location: SourceLocation? = nil,
        notes: [DiagnosticNote] = []
    ) {
        self.init(message.code.rawValue, message.severity, message.text(values), at: location, notes: notes)
    }
}

extension DiagnosticNote {
    /// The note of a catalogue message (severity `.note`) with its values filled in.
    init(_ message: DiagnosticMessage, _ values: String..., at location: SourceLocation? = nil) {
        self.init(message.text(values), at: location)
    }
}
