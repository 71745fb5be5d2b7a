import MVVM
import MovieLauncher

await MovieApp.main(command: "mvvm") { client, timeWindow, clock in
    App(client: client, timeWindow: timeWindow, clock: clock)
}
