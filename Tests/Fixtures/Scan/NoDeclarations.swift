// Just functions: nothing here can declare a type.
func helper() -> Int { 42 }
let value = helper()
