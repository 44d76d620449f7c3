import Foundation
import WorkoutSimCLI

// The only place that ends the process: everything else returns or throws an exit code.
var environment = CLIEnvironment.live()
environment.commandName = CLIEnvironment.commandName(programPath: CommandLine.arguments[0])
let status = WorkoutSimCommand.main(
  arguments: Array(CommandLine.arguments.dropFirst()), environment: environment)
exit(status)
