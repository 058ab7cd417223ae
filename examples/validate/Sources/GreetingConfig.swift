import DIRuntime

/// Filled from the `greeting` section of Config/application.yml.
struct GreetingConfig: ConfigProperty {
    let target = "greeting"
    let prefix: String
    let repeatCount: Int
}
