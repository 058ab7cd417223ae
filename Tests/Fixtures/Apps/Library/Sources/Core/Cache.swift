/// Registered through an extension, with its `init()` declared there too.
struct Cache {
    let capacity: Int
}
