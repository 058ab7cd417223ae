import Testing

@testable import DIRuntime

@Test func placeholder() {}
