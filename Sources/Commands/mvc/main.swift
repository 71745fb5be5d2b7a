import MVC
import MovieUI

await MovieApp.main(command: "mvc") { client, window in
    App(client: client, window: window)
}
