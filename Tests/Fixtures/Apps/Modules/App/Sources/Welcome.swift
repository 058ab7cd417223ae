import Core
import DIRuntime

/// Depends on Core's protocols only: label qualifier, array, `qualifierBy` and a plain single dependency.
final class Welcome: Autowired {
    let english: Greeter
    let everyone: [Greeter]
    let preferred: Greeter
    let clock: Clock
    let user = InjectProperty("app.user")

    required init(en english: Greeter, _ everyone: [Greeter], _/* app.language */ preferred: Greeter, _ clock: Clock) {
        self.english = english
        self.everyone = everyone
        self.preferred = preferred
        self.clock = clock
    }

    func lines() -> [String] {
        [
            english.greet(user),
            preferred.greet(user),
            "greeters: \(everyone.count)",
            "today: \(clock.today)",
        ]
    }
}
