import DIRuntime

/// Counts instances so that the program can show when each scope creates one.
final class StartupProbe: Component {
    nonisolated(unsafe) static var created = 0
    var scope: Scope { .always }

    init() { StartupProbe.created += 1 }
}

final class WeakProbe: Component {
    var scope: Scope { .weak }

    init() {}
}
