#include "CPseudoTerminal.h"
