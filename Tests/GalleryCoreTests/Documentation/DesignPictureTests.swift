import Foundation
import Testing

/// docs/DESIGN.md's module picture is Package.swift's graph: every module is in it, every arrow is a declared
/// dependency, and every declared dependency is an arrow or a path of arrows (the picture leaves transitive ones out).
@Suite("The design's module picture")
struct DesignPictureTests {
    /// A file of the repository, found from this source file's path.
    static func repositoryFile(_ name: String) throws -> String {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            folder.deleteLastPathComponent()
        }
        return try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// Package.swift's targets other than tests, each with the targets, products and plugins it depends on.
    static func packageGraph() throws -> [String: Set<String>] {
        let manifest = try repositoryFile("Package.swift")
        var graph: [String: Set<String>] = [:]
        for call in manifest.matches(of: /\.(target|executableTarget|systemLibrary|plugin)\(/) {
            let body = balanced(manifest[call.range.upperBound...], open: "(", close: ")")
            guard let name = body.firstMatch(of: /name: "([^"]+)"/)?.output.1 else { continue }
            var dependencies: Set<String> = []
            for list in ["dependencies", "plugins"] {
                guard let start = body.firstRange(of: "\(list): [") else { continue }
                var text = String(balanced(body[start.upperBound...], open: "[", close: "]"))
                for product in text.matches(of: /\.product\(name: "([^"]+)"[^)]*\)/) {
                    dependencies.insert(String(product.output.1))
                }
                text = text.replacing(/\.product\([^)]*\)/, with: "")
                for quoted in text.matches(of: /"([^"]+)"/) { dependencies.insert(String(quoted.output.1)) }
            }
            graph[String(name)] = dependencies
        }
        return graph
    }

    /// The text up to the bracket that closes the one just before `text` starts.
    static func balanced(_ text: Substring, open: Character, close: Character) -> Substring {
        var depth = 1
        for index in text.indices {
            if text[index] == open { depth += 1 }
            if text[index] == close { depth -= 1 }
            if depth == 0 { return text[..<index] }
        }
        return text
    }

    /// The Mermaid picture's arrows, with nodes named by module: a node labelled `product (Target)` stands for Target.
    static func pictureEdges(knownModules: Set<String>) throws -> [(from: String, to: String)] {
        let design = try repositoryFile("docs/DESIGN.md")
        let start = try #require(design.firstRange(of: "```mermaid\n"), "docs/DESIGN.md has no Mermaid picture")
        let block = design[start.upperBound...].prefix { $0 != "`" }
        var names: [String: String] = [:]
        for node in block.matches(of: /(\w+)\["([^"]*)"\]/) {
            let label = node.output.2
            if let inner = label.firstMatch(of: /\((\w+)\)/)?.output.1, knownModules.contains(String(inner)) {
                names[String(node.output.1)] = String(inner)
            }
        }
        var edges: [(from: String, to: String)] = []
        for edge in block.matches(of: /(\w+)(?:\[[^\]]*\])?\s*(?:-->|-\..*?\.->)\s*(\w+)/) {
            let from = String(edge.output.1), to = String(edge.output.2)
            edges.append((names[from] ?? from, names[to] ?? to))
        }
        return edges
    }

    @Test("every arrow is declared, every module is drawn, every declared dependency is a path of arrows")
    func pictureMatchesThePackage() throws {
        let package = try Self.packageGraph()
        #expect(package["Gallery"]?.contains("GalleryCore") == true, "Package.swift was not read: \(package)")
        let modules = Set(package.keys).union(package.values.joined())
        let edges = try Self.pictureEdges(knownModules: modules)
        #expect(!edges.isEmpty)
        for edge in edges {
            #expect(package[edge.from]?.contains(edge.to) == true, "drawn but not in Package.swift: \(edge)")
        }
        var arrows: [String: Set<String>] = [:]
        for edge in edges { arrows[edge.from, default: []].insert(edge.to) }
        let drawn = Set(arrows.keys).union(arrows.values.joined())
        for (module, dependencies) in package {
            #expect(drawn.contains(module), "\(module) is not in the picture")
            var reachable: Set<String> = []
            var frontier = [module]
            while let next = frontier.popLast() {
                for target in arrows[next, default: []] where reachable.insert(target).inserted {
                    frontier.append(target)
                }
            }
            for dependency in dependencies {
                #expect(reachable.contains(dependency), "\(module) → \(dependency) is declared but not drawn")
            }
        }
    }
}
