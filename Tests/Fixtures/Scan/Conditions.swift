#if canImport(UIKit)
import UIKit
#elseif   os(macOS)   &&   DEBUG
import AppKit
#else
import Foundation
#endif

#if FEATURE_A
final class Alpha: Component {
    #if ALPHA_PROTOTYPE
    var scope: Scope { .prototype }
    #elseif ALPHA_WEAK
    var scope: Scope { .weak }
    #else
    var scope: Scope { .singleton }
    #endif
    init() {
        #if TRACE
        let tracer = Inject(Tracer.self)
        #endif
    }
}
#endif
