import MVVM
import MovieUI

await MovieApp.main(command: "mvvm") { client, window, clock in
    App(client: client, window: window, clock: clock)
}
