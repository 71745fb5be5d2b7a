import MVC
import MovieUI

await MovieApp.main(command: "mvc") { client, timeWindow, clock in
    App(client: client, timeWindow: timeWindow, clock: clock)
}
