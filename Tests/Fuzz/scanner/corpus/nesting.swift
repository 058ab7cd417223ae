#if A
#if B
class C: Component {}
#endif
#endif
let x = ((((((1))))))
