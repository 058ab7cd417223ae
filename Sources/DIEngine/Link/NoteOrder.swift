extension [DiagnosticNote] {
    /// Notes in location order; notes without a location last, by message.
    func sortedByLocation() -> [DiagnosticNote] {
        sorted { lhs, rhs in
            switch (lhs.location, rhs.location) {
            case (let l?, let r?) where l != r: return l < r
            case (.some, nil): return true
            case (nil, .some): return false
            default: return lhs.message.utf8.lexicographicallyPrecedes(rhs.message.utf8)
            }
        }
    }
}
