/// A command line split into its options and its paths before the argument parser sees it: the parser's cost grows
/// with the square of the arguments it is given (each one's position is merged into a set of all those seen), so a
/// shell glob of a camera folder (`gallery *.jpg`, 20,000 names) took seconds to minutes to start. The parser gets
/// only the options; the paths are handed over in order, whatever their number.
public enum CommandLineSplit {
    /// `arguments` (without the program's name) split in one pass: `options` keeps, in order, every argument that
    /// starts with `-` (but `-` alone) and the argument after each option in `valueOptions` (long names, `--name`,
    /// whose value is not given with `=`); `paths` keeps the others in order, and all after a `--` that is no
    /// option's value. The parser then reports an unknown option or a missing value exactly as it would have.
    public static func split(_ arguments: [String], valueOptions: Set<String>) -> (options: [String], paths: [String]) {
        var options: [String] = []
        var paths: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                paths += arguments[index...]
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                paths.append(argument)
                continue
            }
            options.append(argument)
            if valueOptions.contains(argument), index < arguments.endIndex {
                options.append(arguments[index])
                index += 1
            }
        }
        return (options, paths)
    }

    /// The long name the argument parser gives a property by default: `maxMegapixels` → `--max-megapixels`.
    public static func longName(ofProperty name: some StringProtocol) -> String {
        var result = "--"
        for character in name {
            if character.isUppercase {
                result += "-" + character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }
}
