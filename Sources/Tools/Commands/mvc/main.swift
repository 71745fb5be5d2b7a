import MVC
import MovieLauncher

await MovieApp.main(command: "mvc") { client, timeWindow, clock in
    App(client: client, timeWindow: timeWindow, clock: clock)
}
