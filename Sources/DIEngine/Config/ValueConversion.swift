/// The conversion checks of property values: a typed property use is valid when the runtime's
/// standard-library conversion of the emitted text would succeed, so the same initialisers are applied here.
enum ValueConversion {
    /// Every declared type a property value can be converted to.
    static let supportedTypes: Set<String> = [
        "String", "Bool", "Int", "Int8", "Int16", "Int32", "Int64",
        "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
    ]

    /// Whether `scalar`'s emitted text converts to `swiftType`; false for unsupported types.
    static func converts(_ scalar: PropertyScalar, to swiftType: String) -> Bool {
        let text = scalar.emittedText
        switch swiftType {
        case "String": return true
        case "Bool": return text == "true" || text == "false" || Int(text) != nil
        case "Int": return Int(text) != nil
        case "Int8": return Int8(text) != nil
        case "Int16": return Int16(text) != nil
        case "Int32": return Int32(text) != nil
        case "Int64": return Int64(text) != nil
        case "UInt": return UInt(text) != nil
        case "UInt8": return UInt8(text) != nil
        case "UInt16": return UInt16(text) != nil
        case "UInt32": return UInt32(text) != nil
        case "UInt64": return UInt64(text) != nil
        case "Double": return Double(text) != nil
        case "Float": return Float(text) != nil
        default: return false
        }
    }
}
