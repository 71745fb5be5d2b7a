import MVVM
import MovieUI

await MovieApp.main(command: "mvvm") { client, window in
    App(client: client, window: window)
}
