"""Team devices: each team plays from its own phone or laptop while the projector shows the table.

A device page is a light page served by the same server as the facilitator app (see
:mod:`devgames.devices.server`), on a port of its own: the page knows nothing but its team's
link, asks the server for what its team may see (:func:`devgames.devices.state.device_state`),
and sends the move chosen. Every move goes through the session store, from whichever screen it
comes; the projector follows the store (see ``docs/devices.md`` for the measurements behind this
design).
"""
