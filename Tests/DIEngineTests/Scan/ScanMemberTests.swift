import Testing

@testable import DIEngine

@Suite struct ScanMemberTests {
    @Test func parameterLabelsFollowTheSingleNameAndWildcardRules() throws {
        let parameters = try #require(try ScanFixture.scan("Parameters.swift").type("Params")?.initializers.first)
            .parameters
        #expect(
            parameters.map(\.label) == [
                "service", nil, "Novel", "default", nil, nil, nil, nil, nil, nil, nil, nil,
            ])
        #expect(
            parameters.map(\.internalName) == [
                "service", "plain", "novels", "value", "logger", "other", "lined", "withDefault", "counter", "many",
                "empty", "handler",
            ])
        #expect(parameters.map(\.position.line) == [3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15])
        #expect(parameters.allSatisfy { $0.position.column == 9 })
    }

    @Test func qualifierByCommentsAreTrimmedAndOnlyFirstPlainBlockCommentCounts() throws {
        let facts = try ScanFixture.scan("Parameters.swift")
        let parameters = try #require(facts.type("Params")?.initializers.first).parameters
        #expect(
            parameters.map(\.qualifierByComment) == [
                nil, nil, nil, nil, "logger.storage", "first.path", "after.line", nil, nil, nil, nil, nil,
            ])
        #expect(parameters[4].commentPosition == at(7, 10))
        #expect(parameters[5].commentPosition == at(8, 20))
        #expect(parameters[6].commentPosition == at(10, 11))
        #expect(facts.renderedDiagnostics == ["14:11: S35: empty qualifierBy comment"])
    }

    @Test func parameterTypesDefaultsInoutAndVariadics() throws {
        let parameters = try #require(try ScanFixture.scan("Parameters.swift").type("Params")?.initializers.first)
            .parameters
        #expect(parameters[2].type == TypeReference(written: "[Book]", name: "Book", isArray: true))
        #expect(
            parameters.map(\.hasDefaultValue) == [
                false, false, false, false, false, false, false, true, false, false, false, false,
            ])
        #expect(
            parameters.map(\.isInoutOrVariadic) == [
                false, false, false, false, false, false, false, false, true, true, false, false,
            ])
        #expect(parameters[8].type.isUnsupported)
        #expect(parameters[11].type.isUnsupported && parameters[11].type.written == "@escaping()->Void")
    }

    @Test func initializersRecordEveryExclusionReasonAndRequired() throws {
        let inits = try #require(try ScanFixture.scan("Initializers.swift").type("Many")).initializers
        #expect(inits.map { $0.parameters.first?.label } == ["a", nil, "c", "d", "e", "f", "g", "h", "i", "j", "k"])
        #expect(
            inits.map(\.isRequired) == [false, true, false, false, false, false, false, false, false, false, false])
        #expect(
            inits.map(\.isConvenience) == [false, false, true, false, false, false, false, false, false, false, false])
        #expect(inits.map(\.isFailable) == [false, false, false, true, true, false, false, false, false, false, false])
        #expect(inits.map(\.isGeneric) == [false, false, false, false, false, true, false, false, false, false, false])
        #expect(
            inits.map(\.isThrowing) == [false, false, false, false, false, false, true, false, false, false, false])
        #expect(inits.map(\.isAsync) == [false, false, false, false, false, false, false, true, false, false, false])
        #expect(
            inits.map(\.access) == [
                .internal, .internal, .internal, .internal, .internal, .internal, .internal, .internal, .private,
                .fileprivate, .public,
            ])
        let columns = [5, 14, 17, 5, 5, 5, 5, 5, 13, 17, 12]
        #expect(inits.map(\.position) == zip(2...12, columns).map { at($0, $1) })
    }

    @Test func injectMethodsAreInstanceMethodsNamedInject() throws {
        let facts = try ScanFixture.scan("InjectMethods.swift")
        let methods = try #require(facts.type("Lazy")).injectMethods
        #expect(methods.map { $0.parameters.first?.internalName } == ["messages", "x", "t", "y", "z"])
        #expect(methods.first?.parameters.first?.label == "facebook")
        #expect(methods.map(\.access) == [.internal, .private, .internal, .internal, .internal])
        #expect(methods.map(\.isGeneric) == [false, false, true, false, false])
        #expect(methods.map(\.isThrowing) == [false, false, false, true, false])
        #expect(methods.map(\.isAsync) == [false, false, false, false, true])
        #expect(methods.first?.position == at(2, 10))
        #expect(facts.type("Plugin")?.injectMethods.map(\.isMutating) == [true])
        #expect(facts.type("NotDI")?.injectMethods.map(\.isMutating) == [true])
        // S06 only where the file shows the type to be lazy; `NotDI` is left to the linker.
        #expect(
            facts.renderedDiagnostics == [
                "12:19: S06: 'inject(...)' must not be 'mutating': the injector receives a copy of the instance"
            ])
    }

    @Test func scopeAndQualifierInEveryForm() throws {
        let facts = try ScanFixture.scan("ScopeQualifier.swift")
        let scopes = ["Stored", "ExplicitReturn", "ImplicitReturn", "InsideGet", "Ignored", "Plain"].map {
            facts.type($0)?.scopeValues.map(\.value) ?? []
        }
        #expect(scopes == [[.prototype], [.always], [.weak], [.singleton], [], []])
        let qualifiers = ["Stored", "ExplicitReturn", "ImplicitReturn", "InsideGet", "Ignored", "Plain"].map {
            facts.type($0)?.qualifierValues.map(\.value) ?? []
        }
        #expect(qualifiers == [["stored"], [""], ["implicit"], ["got"], [], []])
        #expect(facts.type("Stored")?.scopeValues.first?.position == at(2, 24))
        #expect(facts.type("Stored")?.scopeValues.first?.text == ".prototype")
        #expect(facts.type("ExplicitReturn")?.qualifierValues.first?.position == at(7, 37))
        #expect(facts.diagnostics.isEmpty)
    }

    @Test func configPropertyTargetsAsValueOrGetter() throws {
        let facts = try ScanFixture.scan("ConfigPropertyTargets.swift")
        let targets = ["ServerConfig", "GetterTarget", "ReturnTarget", "InterpolatedTarget", "MissingTarget"].map {
            facts.type($0)?.configPropertyTarget
        }
        #expect(targets == ["server", "getter", "returned", nil, nil])
        #expect(facts.type("InterpolatedTarget")?.configPropertyTargetPosition == at(19, 9))
        #expect(facts.type("MissingTarget")?.configPropertyTargetPosition == nil)
        let properties = try #require(facts.type("ServerConfig")).properties
        #expect(
            properties.map(\.name) == [
                "target", "url", "port", "method", "computed", "initialised", "lazyValue", "shared",
            ])
        #expect(properties.map(\.isComputed) == [false, false, false, false, true, false, false, false])
        #expect(properties.map(\.hasInitialValue) == [true, false, false, false, false, true, true, true])
        #expect(properties.map(\.isLazy) == [false, false, false, false, false, false, true, false])
        #expect(properties.map(\.isStatic) == [false, false, false, false, false, false, false, true])
        #expect(properties[3].type == TypeReference(written: "String?", name: "String", isOptional: true))
    }
}
