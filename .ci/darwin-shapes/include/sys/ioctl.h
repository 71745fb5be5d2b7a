// Darwin's shapes: <sys/ioctl.h>, <sys/ttycom.h> (xnu bsd/sys/ttycom.h). The requests are
// _IOR/_IOW/_IO expressions in C that Swift cannot import; the Swift overlay provides them as
// UInt (TiocConstants.swift), so here they are unsigned long constants, which Swift imports
// as UInt too. On Linux TIOCGWINSZ is 0x5413, imported as Int32.
#ifndef DARWIN_SHAPES_SYS_IOCTL_H
#define DARWIN_SHAPES_SYS_IOCTL_H

struct winsize {
    unsigned short ws_row;
    unsigned short ws_col;
    unsigned short ws_xpixel;
    unsigned short ws_ypixel;
};

#define TIOCGWINSZ 0x40087468UL
#define TIOCSWINSZ 0x80087467UL
#define TIOCSCTTY 0x20007461UL

int ioctl(int, unsigned long, ...);

#endif
