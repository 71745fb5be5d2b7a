import MVC
import MovieUI

await MovieApp.main(command: "mvc") { client, window, clock in
    App(client: client, window: window, clock: clock)
}
