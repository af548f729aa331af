import Foundation
import PackagePlugin

/// Writes `BuildVersion.swift` (the gallery's version from git, or from a release tarball) before every build, so
/// `gallery --version` names the code it was built from. The file is only rewritten when the version changes.
@main
struct VersionStamp: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let outputDirectory = context.pluginWorkDirectoryURL.appending(path: "BuildVersion")
        let packageDirectory = context.package.directoryURL
        return [
            .prebuildCommand(
                displayName: "Stamping the build version",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [
                    packageDirectory.appending(path: "Scripts/version.sh").path,
                    packageDirectory.path,
                    outputDirectory.appending(path: "BuildVersion.swift").path,
                ],
                outputFilesDirectory: outputDirectory
            )
        ]
    }
}
